// A document navigation for parts without a router (the search box island); an object, so tests can
// watch what jsdom cannot perform.
export const documentNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
