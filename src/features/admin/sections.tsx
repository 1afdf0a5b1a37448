/**
 * The console's sections (docs/operators.md, The console), in the order the navigation lists
 * them. This list is the one place a section is added: an id (its address, /admin/<id>), its
 * Korean name, an icon and the component that draws it. The first is what /admin opens. Only
 * sections that exist are listed: there are no placeholders.
 */
import type { ComponentType, ReactNode } from 'react';
import {
  AlertTriangleIcon,
  BookIcon,
  CardsIcon,
  ClockIcon,
  MegaphoneIcon,
  RefreshIcon,
  SparkleIcon,
} from '@/components/ui/icons';
import { AuditSection } from '@/features/admin/components/audit-section';
import { NoticesSection } from '@/features/admin/components/notices-section';
import { CatalogueSection } from '@/features/admin/catalogue/catalogue-section';
import { DashboardSection } from '@/features/admin/dashboard/dashboard-section';
import { ImportSection } from '@/features/admin/import/import-section';
import { ModerationSection } from '@/features/admin/moderation/moderation-section';
import { ReportsSection } from '@/features/admin/reports/reports-section';
import { koAdmin } from './ko';

export interface AdminSection {
  /** The address: /admin/<id>. */
  id: string;
  label: string;
  icon: ReactNode;
  /** Drawn under the section's <h2>, only for an admin who is online. */
  Screen: ComponentType;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    id: 'dashboard',
    label: koAdmin.sections.dashboard,
    icon: <SparkleIcon size={20} />,
    Screen: DashboardSection,
  },
  {
    id: 'reports',
    label: koAdmin.sections.reports,
    icon: <CardsIcon size={20} />,
    Screen: ReportsSection,
  },
  {
    id: 'moderation',
    label: koAdmin.sections.moderation,
    icon: <AlertTriangleIcon size={20} />,
    Screen: ModerationSection,
  },
  {
    id: 'catalogue',
    label: koAdmin.sections.catalogue,
    icon: <BookIcon size={20} />,
    Screen: CatalogueSection,
  },
  {
    id: 'import',
    label: koAdmin.sections.import,
    icon: <RefreshIcon size={20} />,
    Screen: ImportSection,
  },
  {
    id: 'notices',
    label: koAdmin.sections.notices,
    icon: <MegaphoneIcon size={20} />,
    Screen: NoticesSection,
  },
  {
    id: 'audit',
    label: koAdmin.sections.audit,
    icon: <ClockIcon size={20} />,
    Screen: AuditSection,
  },
];
