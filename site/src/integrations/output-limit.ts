// Counts the pages of a build by `npm run build` as Astro renders them, against the bound on its
// output (scripts/site/output-limit.ts), and stops the build at the first page past it: a
// description that would write gigabytes stops after the bound, not after the gigabytes. Astro's
// own prerenderer renders each page; this reads its bytes on the way to the file. A build without
// a count (the test corpus's, the preview's) is left as it is.
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { addPage, OutputLimitError, runningCount } from '#site-build/output-limit.ts';

function counted(prerenderer: AstroPrerenderer): AstroPrerenderer {
  return {
    ...prerenderer,
    render: async (request, options) => {
      const count = runningCount();
      // Past the bound, the pages still queued are refused without being rendered.
      if (count?.stoppedAt) throw new OutputLimitError(`The site passed its output limit at ${count.stoppedAt}`);
      const result = await prerenderer.render(request, options);
      const response = result instanceof Response ? result : result.response;
      if (!count || !response.body) return result;
      const body = await response.arrayBuffer();
      addPage(count, new URL(request.url).pathname, body.byteLength);
      const copy = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
      return result instanceof Response ? copy : { ...result, response: copy };
    },
  };
}

export function outputLimit(): AstroIntegration {
  return {
    name: 'portal:output-limit',
    hooks: {
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer((prerenderer) => counted(prerenderer));
      },
    },
  };
}
