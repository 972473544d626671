// Starlight requires a `docs` collection. The portal's pages come from the API model,
// so the collection is empty and its schema is a cheap pass-through: every page
// passes complete frontmatter (see lib/frontmatter.ts), which spares a full schema
// validation on each of thousands of pages.
import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';

export const collections = {
  docs: defineCollection({
    loader: () => [],
    schema: z.custom<Record<string, unknown>>(
      (value) => typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string',
    ),
  }),
};
