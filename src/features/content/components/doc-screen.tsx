import type { ReactNode } from 'react';
import { ScreenTitle } from '@/components/ui/screen-title';
import type { ContentDoc } from '@/features/content/ko';
import { DocSectionView } from './doc-blocks';
import styles from './content.module.css';

/**
 * A static document (terms, privacy, about; docs/product-rules.md, Content pages): the screen
 * title (and the tab's), the document's own title, when it took effect, and its sections. The
 * text ships in the screen's chunk, which the service worker precaches, so it reads offline.
 */
export function DocScreen({
  screenTitle,
  doc,
  children,
  testId,
}: {
  screenTitle: string;
  doc: ContentDoc;
  /** Extra blocks after the sections (contact links). */
  children?: ReactNode;
  testId: string;
}) {
  return (
    <section className={styles.screen} data-testid={testId}>
      <ScreenTitle title={screenTitle} back />
      <article className={styles.card}>
        <header>
          <p className={styles.docTitle}>{doc.title}</p>
          <p className={styles.updated}>{doc.updated}</p>
        </header>
        <p className={styles.intro}>{doc.intro}</p>
        {doc.sections.map((s) => (
          <DocSectionView key={s.heading} section={s} />
        ))}
        {children}
      </article>
    </section>
  );
}
