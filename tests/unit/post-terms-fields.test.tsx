/**
 * The terms in the post form and on a post (docs/product-rules.md, Exchange posts): the price shows
 * for 양도 only, the chain with 반값택배, the place with 직거래, logged out a change asks to log in
 * and changes nothing; what the form hides is not stored; a post shows its badge, price and
 * shipping in one line, and a post stored before the terms its 교환 badge alone.
 */
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ExchangePost } from '@/data/pb/records';
import type { PostTermsProblems } from '@/domains/posts/rules';
import { PostTermsFields } from '@/features/exchange/components/post-terms-fields';
import { PostTermsLine, shippingText } from '@/features/exchange/components/post-terms';
import {
  NEW_POST_TERMS,
  termsOfDraft,
  type TermsDraft,
} from '@/features/exchange/post-terms-draft';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
let container: HTMLElement | null = null;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
});

function render(node: React.ReactNode) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root!.render(node));
  return container;
}

const byTestId = (id: string) =>
  container!.querySelector<HTMLInputElement>(`[data-testid="${id}"]`);

function click(id: string) {
  act(() => byTestId(id)!.click());
}

function Form({
  onValue,
  locked,
  errors = {},
}: {
  onValue: (d: TermsDraft) => void;
  locked?: () => void;
  errors?: PostTermsProblems;
}) {
  const [value, setValue] = useState<TermsDraft>(NEW_POST_TERMS);
  return (
    <PostTermsFields
      id="t"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
      errors={errors}
      locked={locked}
    />
  );
}

describe('the form', () => {
  it('starts as 교환 by 준등기 and shows the price, chain and place only when they apply', () => {
    let last: TermsDraft = NEW_POST_TERMS;
    render(<Form onValue={(d) => (last = d)} />);
    expect(byTestId('post-type-exchange')!.checked).toBe(true);
    expect(byTestId('post-shipping-semi')!.checked).toBe(true);
    expect(byTestId('post-price-input')).toBeNull();
    expect(byTestId('post-cvs-gs25')).toBeNull();
    expect(byTestId('post-meet-place')).toBeNull();

    click('post-type-sell');
    expect(byTestId('post-price-input')).not.toBeNull();
    click('post-shipping-half');
    click('post-cvs-gs25');
    click('post-shipping-meet');
    expect(byTestId('post-meet-place')).not.toBeNull();
    expect(last).toMatchObject({
      postType: 'sell',
      shipping: ['semi', 'half', 'meet'],
      cvs: 'gs25',
    });

    // ticking 반값택배 off hides the chain, and what is hidden is not stored
    click('post-shipping-half');
    expect(byTestId('post-cvs-gs25')).toBeNull();
    click('post-type-exchange');
    expect(termsOfDraft({ ...last, price: '15,000', meetPlace: ' 강남역 ' })).toEqual({
      postType: 'exchange',
      price: 0,
      shipping: ['semi', 'meet'],
      cvs: '',
      meetPlace: '강남역',
    });
  });

  it('asks a logged-out fan to log in instead of changing anything', () => {
    const onValue = vi.fn();
    const locked = vi.fn();
    render(<Form onValue={onValue} locked={locked} />);
    click('post-type-sell');
    click('post-shipping-half');
    expect(locked).toHaveBeenCalledTimes(2);
    expect(onValue).not.toHaveBeenCalled();
    expect(byTestId('post-price-input')).toBeNull();
  });

  it('shows each message under its own field, tied to it for screen readers', () => {
    render(
      <Form onValue={() => undefined} errors={{ shipping: '거래 방법을 하나 이상 골라주세요.' }} />,
    );
    const error = container!.querySelector('[role=alert]')!;
    expect(error.textContent).toBe('거래 방법을 하나 이상 골라주세요.');
    const group = error.closest('fieldset')!;
    expect(group.getAttribute('aria-describedby')).toBe(error.id);
  });
});

describe('a post', () => {
  const post = (terms: Partial<ExchangePost>) =>
    ({ postType: undefined, ...terms }) as Pick<
      ExchangePost,
      'postType' | 'price' | 'shipping' | 'cvs' | 'meetPlace'
    >;

  it('shows its type, the price of a 양도 post and its shipping in one line', () => {
    const el = render(
      <PostTermsLine
        post={post({
          postType: 'sell',
          price: 15000,
          shipping: ['semi', 'half'],
          cvs: 'gs25',
        })}
      />,
    );
    expect(el.querySelector('[data-testid=post-type]')!.textContent).toBe('양도');
    expect(el.querySelector('[data-testid=post-price]')!.textContent).toBe('15,000원');
    expect(el.querySelector('[data-testid=post-shipping]')!.textContent).toContain(
      '준등기 · 반값택배(GS25)',
    );
  });

  it('reads a post stored before the terms as 교환, with nothing else', () => {
    const el = render(<PostTermsLine post={post({})} />);
    expect(el.querySelector('[data-testid=post-type]')!.textContent).toBe('교환');
    expect(el.querySelector('[data-testid=post-price]')).toBeNull();
    expect(el.querySelector('[data-testid=post-shipping]')).toBeNull();
  });

  it('names the place of a 직거래', () => {
    expect(shippingText({ shipping: ['meet', 'parcel'], cvs: '', meetPlace: '홍대입구역' })).toBe(
      '직거래(홍대입구역) · 일반택배',
    );
  });
});
