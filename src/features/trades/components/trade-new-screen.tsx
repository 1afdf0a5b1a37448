import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { sessionUserIdAtom, syncStatusAtom, useAtomValue } from '@/state/store';
import { CompassIcon } from '@/components/ui/icons';
import { NoticeCard, noticeActionClass } from '@/components/ui/notice-card';
import { ScreenTitle } from '@/components/ui/screen-title';
import { toast } from '@/components/ui/toast';
import { useExchangePost } from '@/domains/posts/hooks';
import { postTypeOf } from '@/domains/posts/terms';
import { SellSafetyNotice } from '@/components/posts/sell-safety-notice';
import { useFanTrust } from '@/domains/trades/hooks';
import { useTradeLists } from '@/domains/trade-lists/hooks';
import { loadRepos } from '@/domains/tables/lazy';
import { TRADE_CARDS_MAX } from '@/domains/trades/rules';
import { koTradeScreens } from '@/i18n/ko-trade-screens';
import { initialPicks } from '@/features/trades/pick';
import { checkTradeNewSearch } from '@/features/trades/search-params';
import { FanHeader } from './fan-header';
import { ProposalForm, type ProposalDraft } from './proposal-form';
import { SignedOutNotice } from './signed-out-notice';
import ui from '@/components/ui/panels.module.css';
import { tradesKo } from '@/domains/trades/ko.ts';

const route = getRouteApi('/main/trades/new');
const t = koTradeScreens.proposal;

type Search = ReturnType<typeof checkTradeNewSearch>;

const split = (ids: string | undefined) => (ids ? ids.split(',') : []);

/**
 * /trades/new (docs/trades.md, 교환 제안): pick the cards I give and get and propose them to the
 * fan in `to`, from a match, a card, a post or a chat; with `counterOf`, a counter-proposal to a
 * proposal I received. Works offline: the proposal is queued and shows at once.
 */
export function TradeNewScreen() {
  const userId = useAtomValue(sessionUserIdAtom);
  const search = checkTradeNewSearch(route.useSearch());
  let body;
  if (!userId) body = <SignedOutNotice body={koTradeScreens.login.tradesBody} />;
  else if (!search.to || search.to === userId) {
    body = (
      <NoticeCard
        icon={<CompassIcon size={32} />}
        title={search.to ? t.self : t.missingTo}
        body={search.to ? undefined : t.missingToBody}
        testId="proposal-no-fan"
      >
        <Link to="/matching" className={noticeActionClass}>
          {t.toMatching}
        </Link>
      </NoticeCard>
    );
  } else body = <NewProposal key={JSON.stringify(search)} search={search} />;
  return (
    <section className={`${ui.screen} ${ui.wide}`}>
      <ScreenTitle title={search.counterOf ? t.counterTitle : t.title} back />
      {body}
    </section>
  );
}

function NewProposal({ search }: { search: Search }) {
  const navigate = useNavigate();
  const online = useAtomValue(syncStatusAtom).online;
  const lists = useTradeLists();
  const trust = useFanTrust(search.to);
  const post = useExchangePost(search.post ?? null);
  const about = search.card ?? post?.photoCard;
  // The form takes these when it starts (later changes of the lists leave the picks alone).
  const initial: ProposalDraft | null =
    lists === undefined || (search.post && post === undefined)
      ? null
      : {
          ...initialPicks(
            { give: split(search.give), get: split(search.get), card: about },
            new Set(lists.have.map((i) => i.photoCard)),
            TRADE_CARDS_MAX,
          ),
          message: '',
        };

  async function propose(draft: ProposalDraft) {
    const repos = await loadRepos();
    const id = await repos.proposeTrade({
      to: search.to,
      ...draft,
      ...(search.counterOf ? { counterOf: search.counterOf } : {}),
      ...(search.conversation ? { conversation: search.conversation } : {}),
    });
    toast.success(online ? t.sent : t.sentOffline);
    await navigate({ to: '/trades/$id', params: { id }, replace: true });
  }

  return (
    <>
      <div className={ui.panel} data-testid="proposal-to">
        <p className={ui.subTitle}>{t.to}</p>
        <FanHeader fanId={search.to} trust={trust} />
        {search.counterOf ? (
          <p className={ui.note}>
            {t.counterNote}{' '}
            <Link to="/trades/$id" params={{ id: search.counterOf }}>
              {koTradeScreens.detail.toPrevious}
            </Link>
          </p>
        ) : search.post ? (
          <p className={ui.note}>{t.fromPost}</p>
        ) : null}
        {post && postTypeOf(post) === 'sell' ? <SellSafetyNotice /> : null}
      </div>
      {initial ? (
        <ProposalForm
          other={search.to}
          initial={initial}
          submitLabel={t.submit}
          failure={tradesKo.failures.tradeCreate}
          onSubmit={propose}
          withPhotos
        />
      ) : (
        <p className={ui.status} role="status">
          {koTradeScreens.fan.loading}
        </p>
      )}
    </>
  );
}
