// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from '../../../../../src/app/components/pagination/Pagination.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement | null = null;
afterEach(() => {
  host?.remove();
  host = null;
});

function mount(el: React.ReactElement) {
  host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(el));
  return host;
}

const btn = (root: HTMLElement, label: string) => root.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;

describe('<Pagination>', () => {
  it('disables previous on page 1, marks the current page, and moves on click with a smooth scroll to the top', () => {
    const onChange = vi.fn();
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const root = mount(<Pagination page={1} totalPages={3} pages={[1, 2, 3]} onChange={onChange} label="Pages" />);
    expect(root.querySelector('nav')?.getAttribute('aria-label')).toBe('Pages');
    expect(btn(root, 'Previous page').disabled).toBe(true);
    expect(btn(root, 'Next page').disabled).toBe(false);
    expect(btn(root, 'Page 1').getAttribute('aria-current')).toBe('page');
    expect(btn(root, 'Page 2').getAttribute('aria-current')).toBeNull();
    act(() => btn(root, 'Page 3').click());
    expect(onChange).toHaveBeenLastCalledWith(3);
    act(() => btn(root, 'Next page').click());
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    scroll.mockRestore();
  });

  it('disables next on the last page', () => {
    const root = mount(<Pagination page={3} totalPages={3} pages={[1, 2, 3]} onChange={() => {}} />);
    expect(btn(root, 'Next page').disabled).toBe(true);
    expect(btn(root, 'Previous page').disabled).toBe(false);
  });

  it('renders nothing for a single page', () => {
    const root = mount(<Pagination page={1} totalPages={1} pages={[1]} onChange={() => {}} />);
    expect(root.innerHTML).toBe('');
  });
});
