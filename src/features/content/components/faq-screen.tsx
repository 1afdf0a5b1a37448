import { Link } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { ScreenTitle } from '@/components/ui/screen-title';
import { koContent } from '@/features/content/ko';
import { blocksText, matchesQuery } from '@/features/content/search';
import { DocBlocks } from './doc-blocks';
import { SearchBox, SearchResult } from './search-box';
import styles from './content.module.css';

const t = koContent.content;

/**
 * /faq (docs/product-rules.md, Content pages): the questions as disclosure rows, filtered as the
 * fan types; a search opens every matching answer.
 */
export function FaqScreen() {
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query);
  const shown = koContent.faq.filter((e) => matchesQuery(`${e.q} ${blocksText(e.a)}`, q));
  const searching = q.trim() !== '';
  return (
    <section className={styles.screen} data-testid="faq-screen">
      <ScreenTitle title={t.titles.faq} back />
      <SearchBox label={t.searchLabel(t.titles.faq)} value={query} onChange={setQuery} />
      <SearchResult query={q} count={shown.length} />
      <ul className={styles.faqList}>
        {shown.map((e) => (
          <li key={e.q}>
            <details
              className={styles.faqItem}
              open={searching || undefined}
              data-testid="faq-item"
            >
              <summary>{e.q}</summary>
              <div className={styles.faqAnswer}>
                <DocBlocks blocks={e.a} />
              </div>
            </details>
          </li>
        ))}
      </ul>
      <p className={styles.hint}>{t.faqMore}</p>
      <div className={styles.links}>
        <Link className={styles.pill} to="/guide">
          {t.guideLink}
        </Link>
        <Link className={styles.pill} to="/informUs">
          {t.informUsLink}
        </Link>
      </div>
    </section>
  );
}
