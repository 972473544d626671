// Starlight's route data, changed for every page: the site's title is the API's (lib/portal-title.ts),
// with its version on an earlier version's pages, and the sidebar the section's, written once
// (PortalPage.astro, lib/sidebar.ts) with this page's link marked.
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { retitledHead } from './lib/portal-title.ts';
import { siteTitleAt } from './lib/site-data.ts';
import { withCurrent } from './lib/sidebar.ts';

export const onRequest = defineRouteMiddleware(({ locals, url }) => {
  const route = locals.starlightRoute;
  if (locals.portalNavigation) route.sidebar = withCurrent(locals.portalNavigation.entries, url.pathname);
  const title = siteTitleAt(url.pathname);
  if (route.siteTitle === title) return;
  retitledHead(route.head, route.siteTitle, title);
  route.siteTitle = title;
});
