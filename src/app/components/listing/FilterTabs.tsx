// The filter strip of the topic and search pages: an optional label, the first N entries as tabs (6 or
// 8), the rest in a 'More' menu. The active entry has aria-current="page" (and lights More when in
// the menu). The menu closes on outside click, on Escape (focus back to the button) and on a choice.
import { useId, useRef, useState } from 'react';
import { PageLink as Link } from '../PageLink.tsx';
import { useDismiss } from '../../lib/dismiss.ts';

export interface FilterItem {
  key: string;
  label: string;
  to: string;
  active: boolean;
}

export interface FilterTabsProps {
  items: FilterItem[];
  /** Tabs before 'More'. */
  visible: number;
  /** Accessible name of the strip. */
  ariaLabel: string;
  /** A disabled label at the start (topic pages: 'Filter :'). */
  label?: string;
}

export function FilterTabs({ items, visible, ariaLabel, label }: FilterTabsProps) {
  const tabs = items.slice(0, visible);
  const rest = items.slice(visible);
  return (
    <nav className="filter-strip" aria-label={ariaLabel}>
      {label ? (
        // Not a control: the disabled 'Filter :' label is shown muted.
        <span className="filter-label">{label}</span>
      ) : null}
      <ul className="filter-tabs">
        {tabs.map((it) => (
          <li key={it.key}>
            <FilterLink item={it} className="filter-tab" />
          </li>
        ))}
        {rest.length > 0 ? (
          <li className="filter-more-item">
            <MoreMenu items={rest} />
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

function FilterLink({ item, className, onPick }: { item: FilterItem; className: string; onPick?: () => void }) {
  return (
    <Link to={item.to} className={item.active ? `${className} is-active` : className} aria-current={item.active ? 'page' : undefined} onClick={onPick}>
      {item.label}
    </Link>
  );
}

function MoreMenu({ items }: { items: FilterItem[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const activeInside = items.some((it) => it.active);

  useDismiss(box, open, (via) => {
    setOpen(false);
    if (via === 'escape') button.current?.focus();
  });

  return (
    <div className="filter-more" ref={box}>
      <button
        ref={button}
        type="button"
        className={activeInside ? 'filter-tab filter-more-button is-active' : 'filter-tab filter-more-button'}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        More <span aria-hidden="true">▾</span>
      </button>
      <ul id={id} className="filter-menu" hidden={!open}>
        {items.map((it) => (
          <li key={it.key}>
            <FilterLink item={it} className="filter-menu-link" onPick={() => setOpen(false)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
