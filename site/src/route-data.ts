// Starlight's route data, changed for every page: the site's title is the API's (lib/portal-title.ts),
// and the sidebar the section's, written once (PortalPage.astro, lib/sidebar.ts).
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { retitledHead } from './lib/portal-title.ts';
import { PORTAL_TITLE } from './lib/site-data.ts';

export const onRequest = defineRouteMiddleware(({ locals }) => {
  const route = locals.starlightRoute;
  if (locals.portalNavigation) route.sidebar = locals.portalNavigation.entries;
  if (route.siteTitle === PORTAL_TITLE) return;
  retitledHead(route.head, route.siteTitle, PORTAL_TITLE);
  route.siteTitle = PORTAL_TITLE;
});
