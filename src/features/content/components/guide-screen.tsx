import { useDeferredValue, useState } from 'react';
import { ScreenTitle } from '@/components/ui/screen-title';
import { koContent } from '@/features/content/ko';
import { blocksText, matchesQuery } from '@/features/content/search';
import { DocSectionView } from './doc-blocks';
import { SearchBox, SearchResult } from './search-box';
import styles from './content.module.css';

const t = koContent.content;

/** /guide, 이용 가이드 (docs/product-rules.md, Content pages): sections filtered as the fan types. */
export function GuideScreen() {
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query);
  const shown = koContent.guide.filter((s) =>
    matchesQuery(`${s.heading} ${blocksText(s.blocks)}`, q),
  );
  return (
    <section className={styles.screen} data-testid="guide-screen">
      <ScreenTitle title={t.titles.guide} back />
      <SearchBox label={t.searchLabel(t.titles.guide)} value={query} onChange={setQuery} />
      <SearchResult query={q} count={shown.length} />
      {shown.length ? (
        <article className={styles.card}>
          {shown.map((s) => (
            <div key={s.heading} data-testid="guide-section">
              <DocSectionView section={s} />
            </div>
          ))}
        </article>
      ) : null}
    </section>
  );
}
