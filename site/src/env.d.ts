// Starlight's `Astro.locals` (`t`, `starlightRoute`), which `astro sync` would otherwise reference.
/// <reference types="@astrojs/starlight" />

declare module 'virtual:api-model' {
  import type { ApiModel } from '#model/contract/types.ts';
  import type { PortalContext } from '#site-build/versions/context.ts';
  /** Every document the site renders; `slug` is '' for the one mounted at the root. */
  export const documents: { slug: string; downloads: boolean; model: ApiModel; context?: PortalContext }[];
}

declare namespace App {
  interface Locals {
    /** The page's section navigation, set by PortalPage.astro for route-data.ts and the sidebar. */
    portalNavigation?: import('./lib/sidebar.ts').Navigation;
    /** Set by PortalPage.astro on reference pages whose first screen is the samples: a compact title band. */
    portalCompactTitle?: boolean;
  }
}
