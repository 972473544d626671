// Starlight's route data, changed for every page: the site's title is the API's (lib/portal-title.ts),
// the sidebar the section's, written once (PortalPage.astro, lib/sidebar.ts), and the UI strings
// looked up once (lib/kept-translations.ts).
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { keptTranslations } from './lib/kept-translations.ts';
import { retitledHead } from './lib/portal-title.ts';
import { PORTAL_TITLE } from './lib/site-data.ts';

export const onRequest = defineRouteMiddleware(({ locals }) => {
  const route = locals.starlightRoute;
  locals.t = keptTranslations(locals.t);
  if (locals.portalNavigation) route.sidebar = locals.portalNavigation.entries;
  if (route.siteTitle === PORTAL_TITLE) return;
  retitledHead(route.head, route.siteTitle, PORTAL_TITLE);
  route.siteTitle = PORTAL_TITLE;
});
