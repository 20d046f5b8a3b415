CREATE TABLE `shop_text_versions` (
	`version` integer PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`by` text,
	`texts` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `shop_texts` (
	`id` integer PRIMARY KEY NOT NULL,
	`texts` text NOT NULL,
	`version` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text,
	CONSTRAINT "shop_texts_one_row" CHECK(id = 1)
);
--> statement-breakpoint
ALTER TABLE `catalog_services` ADD `photos` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- The texts as shipped (app/content/shop-texts.ts), version 1; test/catalog/shop-texts.test.ts compares the two.
INSERT INTO `shop_texts` (id, texts, version, updated_at, updated_by) VALUES (1, '{"homeHeadline":"Trusted Auto Repair in Pikesville, Maryland","homeIntroduction":"Honest diagnostics, fair prices and repairs done right the first time. Our family has looked after our neighbors'' cars for more than three decades, and we''d be glad to look after yours.","aboutStory":["In 1992, our family opened a small two-bay garage in Pikesville with a simple promise: fix cars the right way, charge a fair price and treat every customer like a neighbor. Word spread along Reisterstown Road, and before long we were looking after the cars of families who are still our customers today.","As the neighborhood grew, so did we. We added bays, brought on skilled technicians and invested in modern diagnostic equipment to keep up with increasingly complex vehicles. The second generation of our family now runs the shop, with the same commitment to honest work that started it all.","Today, more than 30 years later, our seven technicians work across seven service bays and care for more than 1,000 vehicles a year from Pikesville and all over Baltimore County. We''re still family owned, we still give you an upfront estimate before any work begins, and we''re still proud to call Pikesville home."]}', 1, 1795824000000, NULL);
--> statement-breakpoint
INSERT INTO `shop_text_versions` (version, at, by, texts) VALUES (1, 1795824000000, NULL, '{"homeHeadline":"Trusted Auto Repair in Pikesville, Maryland","homeIntroduction":"Honest diagnostics, fair prices and repairs done right the first time. Our family has looked after our neighbors'' cars for more than three decades, and we''d be glad to look after yours.","aboutStory":["In 1992, our family opened a small two-bay garage in Pikesville with a simple promise: fix cars the right way, charge a fair price and treat every customer like a neighbor. Word spread along Reisterstown Road, and before long we were looking after the cars of families who are still our customers today.","As the neighborhood grew, so did we. We added bays, brought on skilled technicians and invested in modern diagnostic equipment to keep up with increasingly complex vehicles. The second generation of our family now runs the shop, with the same commitment to honest work that started it all.","Today, more than 30 years later, our seven technicians work across seven service bays and care for more than 1,000 vehicles a year from Pikesville and all over Baltimore County. We''re still family owned, we still give you an upfront estimate before any work begins, and we''re still proud to call Pikesville home."]}');
