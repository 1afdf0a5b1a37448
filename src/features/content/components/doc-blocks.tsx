import type { DocBlock, DocSection } from '@/features/content/ko';
import styles from './content.module.css';

/** A section's paragraphs and lists. */
export function DocBlocks({ blocks }: { blocks: readonly DocBlock[] }) {
  return (
    <>
      {blocks.map((b, i) =>
        typeof b === 'string' ? (
          <p key={i}>{b}</p>
        ) : (
          <ul key={i} className={styles.list}>
            {b.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

/** A titled section of a document (h2 under the screen's h1). */
export function DocSectionView({ section }: { section: DocSection }) {
  return (
    <section className={styles.section}>
      <h2 className={styles.heading}>{section.heading}</h2>
      <DocBlocks blocks={section.blocks} />
    </section>
  );
}
