/** Leaving the app for the payment provider's page; one object so tests can watch it instead of navigating. */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
