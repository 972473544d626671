// Starlight's route data, changed for every page: the site's title is the API's (lib/portal-title.ts),
// the sidebar the section's, written once (PortalPage.astro, lib/sidebar.ts) with this page's link
// marked.
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { retitledHead } from './lib/portal-title.ts';
import { PORTAL_TITLE } from './lib/site-data.ts';
import { withCurrent } from './lib/sidebar.ts';

export const onRequest = defineRouteMiddleware(({ locals, url }) => {
  const route = locals.starlightRoute;
  if (locals.portalNavigation) route.sidebar = withCurrent(locals.portalNavigation.entries, url.pathname);
  if (route.siteTitle === PORTAL_TITLE) return;
  retitledHead(route.head, route.siteTitle, PORTAL_TITLE);
  route.siteTitle = PORTAL_TITLE;
});
