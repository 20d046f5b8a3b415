import { requiredText } from "~/forms/fields";
import { z } from "~/forms/zod";

// The shop's other texts (the home page's headline and introduction, the about page's story) as the
// owners' API and page take them: one schema for PUT /api/settings/texts, the page's form and the
// browser's validation, under the site's text rules (decision 016). The pages print them as text.

export const SHOP_TEXT_LIMITS = { headline: 120, introduction: 600, paragraph: 1500, paragraphs: 12 } as const;

export const shopTextsSchema = z.object({
  homeHeadline: requiredText({
    subject: "The headline",
    max: SHOP_TEXT_LIMITS.headline,
    missing: "The headline is missing.",
    tooLong: `The headline can be at most ${SHOP_TEXT_LIMITS.headline} characters.`,
  }),
  homeIntroduction: requiredText({
    subject: "The introduction",
    max: SHOP_TEXT_LIMITS.introduction,
    missing: "The introduction is missing.",
    tooLong: `The introduction can be at most ${SHOP_TEXT_LIMITS.introduction} characters.`,
  }),
  aboutStory: z
    .array(
      requiredText({
        subject: "A paragraph of the story",
        max: SHOP_TEXT_LIMITS.paragraph,
        missing: "A paragraph of the story is empty.",
        tooLong: `A paragraph of the story can be at most ${SHOP_TEXT_LIMITS.paragraph} characters.`,
      }),
      { error: "The story must be a list of paragraphs." },
    )
    .min(1, { error: "The story needs at least one paragraph." })
    .max(SHOP_TEXT_LIMITS.paragraphs, {
      error: `The story can have at most ${SHOP_TEXT_LIMITS.paragraphs} paragraphs.`,
    }),
});

/** The page's form: the story in one box, its paragraphs parted by blank lines. */
export const shopTextsFormSchema = z.preprocess(
  (form) =>
    typeof form === "object" && form !== null && "aboutStory" in form && typeof form.aboutStory === "string"
      ? {
          ...form,
          aboutStory: form.aboutStory
            .split(/\r?\n\s*\r?\n/)
            .map((paragraph) => paragraph.replace(/\s*\r?\n\s*/g, " ").trim())
            .filter(Boolean),
        }
      : form,
  shopTextsSchema,
);

/** The texts as the form shows them: the story's paragraphs parted by blank lines. */
export const shopTextsFormValues = (texts: z.output<typeof shopTextsSchema>) => ({
  homeHeadline: texts.homeHeadline,
  homeIntroduction: texts.homeIntroduction,
  aboutStory: texts.aboutStory.join("\n\n"),
});
