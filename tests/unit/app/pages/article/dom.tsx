// Mounting into jsdom with React's act (no testing-library): mount, wait for a
// condition, unmount.
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Mounted {
  container: HTMLElement;
  root: Root;
  unmount(): void;
}

export async function mount(element: ReactElement): Promise<Mounted> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  await act(async () => root.render(element));
  return {
    container,
    root,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Let effects, timers and fetches run until `check` holds (a condition that never comes is ended by the test's hang limit). */
export async function waitFor(check: () => boolean): Promise<void> {
  for (;;) {
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    if (check()) return;
  }
}
