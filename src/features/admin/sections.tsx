/**
 * The console's sections (docs/operators.md, The console), in the order the navigation lists
 * them. This list is the one place a section is added: an id (its address, /admin/<id>), its
 * Korean name, an icon and the component that draws it. The first is what /admin opens. Only
 * sections that exist are listed: there are no placeholders.
 */
import type { ComponentType, ReactNode } from 'react';
import { ClockIcon, MegaphoneIcon } from '@/components/ui/icons';
import { AuditSection } from '@/features/admin/components/audit-section';
import { NoticesSection } from '@/features/admin/components/notices-section';
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
