import type { KeyboardEvent, MouseEvent, Ref } from 'react';
import { CountedTextField } from '@/components/ui/counted-text-field';
import { POST_MAX_LENGTH } from '@/domains/tables/lazy';
import { ko } from '@/i18n/ko-features';

export interface PostTextFieldProps {
  id: string;
  label: string;
  /** Show the label on screen (the new-post form) or only to screen readers (edit in place). */
  labelVisible?: boolean;
  value: string;
  onChange: (value: string) => void;
  /** A refusal to show under the field (role=alert); the over-length message is built in. */
  error: string | null;
  placeholder?: string;
  readOnly?: boolean;
  rows?: number;
  autoFocus?: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
  onClick?: (event: MouseEvent<HTMLTextAreaElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
}

/** The post textarea with its 'n/150' counter (docs/product-rules.md, Exchange posts). */
export function PostTextField(props: PostTextFieldProps) {
  return (
    <CountedTextField
      {...props}
      max={POST_MAX_LENGTH}
      overMessage={ko.validation.exchangeTooLong}
      counterLabel={ko.exchange.counterLabel}
      testId="post"
    />
  );
}
