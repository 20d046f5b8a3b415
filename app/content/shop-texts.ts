import { story } from "./about";

// The shop's own words the owners keep in D1 besides the services (app/features/catalog/, issue 38):
// the home page's headline and introduction and the about page's story. These are the texts as
// shipped: the seed of migration 0038, and what the pages show when D1 cannot be read.

export type ShopTexts = {
  homeHeadline: string;
  homeIntroduction: string;
  /** Its paragraphs, in order. */
  aboutStory: string[];
};

export const shippedShopTexts: ShopTexts = {
  homeHeadline: "Trusted Auto Repair in Pikesville, Maryland",
  homeIntroduction:
    "Honest diagnostics, fair prices and repairs done right the first time. Our family has looked after our neighbors' cars for more than three decades, and we'd be glad to look after yours.",
  aboutStory: [...story],
};
