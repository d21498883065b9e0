// A document navigation (the browser loads `url`), for the parts that leave
// the page without a router: the header's search box (an island). One object,
// so a test can watch the navigation jsdom cannot perform.
export const documentNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
