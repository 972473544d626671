// The languages of the code samples' menu that pages are not built with: written in the
// browser when a reader chooses one (lib/more-snippets.ts). Only names here, so the page's own
// script can list them without loading a generator.

export interface SampleLanguage {
  label: string;
  /** The sample's `data-lang`: its generator (more-snippets.ts) and its highlighting grammar. */
  lang: string;
}

export const MORE_LANGUAGES: SampleLanguage[] = [
  { label: 'Node.js', lang: 'node' },
  { label: 'JavaScript (axios)', lang: 'js-axios' },
  { label: 'Python (httpx)', lang: 'python-httpx' },
];
