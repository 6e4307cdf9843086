-- Hand-written (issue #39 item 13, ADR 060). A listing's description and address in the reader's language: each row is
-- one field of one listing in one language, beside the owner's words it says again (`of_text`). A page shows the row
-- only while the listing's own column still holds those words, so an owner's edit never leaves an old translation on
-- show, whichever door wrote it. The owner's words stay in `service_providers` and remain the fallback.
CREATE TABLE `listing_texts` (
	`provider_id` integer NOT NULL,
	`field` text NOT NULL,
	`lang` text NOT NULL,
	`text` text NOT NULL,
	`of_text` text NOT NULL,
	PRIMARY KEY(`provider_id`, `field`, `lang`),
	FOREIGN KEY (`provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE cascade
);
