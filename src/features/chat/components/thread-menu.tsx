import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { koChat } from '@/features/chat/ko';
import { MoreIcon } from './chat-icons';
import iconButton from '@/components/ui/icon-button.module.css';
import styles from './thread-screen.module.css';

const c = koChat.chat;

export interface ThreadMenuProps {
  /** The fan blocked the other (the menu offers 차단 해제). */
  blocked: boolean;
  onBlockToggle: () => void;
  onReport: () => void;
}

/**
 * The thread's menu (⋮): 차단하기 or 차단 해제, and 신고하기. A menu button: arrow keys move
 * between the items, Esc or a click elsewhere closes it and focus goes back to the button.
 */
export function ThreadMenu({ blocked, onBlockToggle, onReport }: ThreadMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    function onPointerDown(e: PointerEvent) {
      const target = e.target as Node;
      if (!list.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function choose(action: () => void) {
    close();
    action();
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const items = [
      ...(list.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
    ];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  }

  return (
    <div className={styles.menuWrap}>
      <button
        ref={button}
        type="button"
        className={iconButton.iconButton}
        aria-label={c.menu}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        data-testid="thread-menu"
      >
        <MoreIcon />
      </button>
      {open ? (
        <div
          ref={list}
          id={menuId}
          role="menu"
          aria-label={c.menu}
          className={styles.menu}
          onKeyDown={onKeyDown}
        >
          <button
            type="button"
            role="menuitem"
            className={styles.menuItem}
            onClick={() => choose(onBlockToggle)}
          >
            {blocked ? c.unblock : c.block}
          </button>
          <button
            type="button"
            role="menuitem"
            className={`${styles.menuItem} ${styles.danger}`}
            onClick={() => choose(onReport)}
          >
            {c.reportFan}
          </button>
        </div>
      ) : null}
    </div>
  );
}
