import { z } from "zod";
import { hrefSchema, htmlSchema, imageUrlSchema, slugSchema, textSchema } from "./common";

const pixelsSchema = z.int({ error: "expected a whole number of pixels" }).min(1).max(10_000);

/**
 * One picture or video in gallery.yaml: the spec's gallery item fields.
 * A photo has `src` (the full image); a video has `video: { src, type }` and a poster.
 * The caption is plain text (`caption`) or trusted HTML (`caption_html`), and
 * the lightbox may fetch a longer one from `caption_url`.
 */
export const galleryItemFixtureSchema = z
  .strictObject({
    src: imageUrlSchema.optional(),
    video: z.strictObject({ src: hrefSchema, type: z.string().regex(/^video\/[a-z0-9.+-]+$/, { error: "expected a video MIME type such as video/mp4" }) }).optional(),
    poster: imageUrlSchema.optional(),
    thumb: imageUrlSchema,
    alt: textSchema,
    width: pixelsSchema.default(1200),
    height: pixelsSchema.default(800),
    caption: textSchema.optional(),
    caption_html: htmlSchema.optional(),
    caption_url: hrefSchema.optional(),
  })
  .superRefine((item, context) => {
    if ((item.src === undefined) === (item.video === undefined)) {
      context.addIssue({ code: "custom", path: ["src"], message: "give either src (a photo) or video (a video), not both" });
    }
    if (item.video && !item.poster) {
      context.addIssue({ code: "custom", path: ["poster"], message: "a video needs a poster image" });
    }
    if (item.caption !== undefined && item.caption_html !== undefined) {
      context.addIssue({ code: "custom", path: ["caption_html"], message: "give caption (plain text) or caption_html, not both" });
    }
  });
export type GalleryItemFixture = z.infer<typeof galleryItemFixtureSchema>;

/** One record of gallery.yaml's `galleries`, shown in file order on the Gallery page. */
export const galleryFixtureSchema = z.strictObject({
  slug: slugSchema,
  title: textSchema,
  summary: z.string().trim().default(""),
  items: z.array(galleryItemFixtureSchema).min(1, { error: "expected at least one item" }),
});
export type GalleryFixture = z.infer<typeof galleryFixtureSchema>;
