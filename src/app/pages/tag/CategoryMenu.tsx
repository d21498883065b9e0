// The tag page's desktop 'Category' handle: a side menu whose entries smooth-scroll to their sections;
// an outside click closes it. Hidden below 768 px (tag.css).
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
