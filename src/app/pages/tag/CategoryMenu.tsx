// The tag page's desktop 'Category' handle (docs/pages.md, "Tag page"): a
// vertical tab on the left edge that opens a side menu (120 px tall when
// open) listing the sections; each entry smooth-scrolls to its section with
// the section's offset; a click outside closes the menu. Hidden below 768 px
// (tag.css), where the page is one short column.
import { useRef, useState } from 'react';
import { useDismiss } from '../../lib/dismiss.ts';
import { TAG_SECTIONS, scrollToSection } from './sections.ts';

export const MENU_OPEN_HEIGHT = 120;

export function CategoryMenu() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(ref, open, () => setOpen(false));
  return (
    <div className={open ? 'tag-menu is-open' : 'tag-menu'} ref={ref}>
      <button type="button" className="tag-menu-handle" aria-expanded={open} aria-controls="tag-menu-list" onClick={() => setOpen((v) => !v)}>
        Category
      </button>
      <nav id="tag-menu-list" className="tag-menu-panel" aria-label="Sections" style={{ height: open ? MENU_OPEN_HEIGHT : 0 }} hidden={!open}>
        <ul>
          {TAG_SECTIONS.map((s) => (
            <li key={s.id}>
              <button type="button" onClick={() => {
                  setOpen(false);
                  scrollToSection(s.id, s.offset);
                }}>
                {s.title}
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
