CREATE TABLE `bank_items` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`topic` text NOT NULL,
	`subtopic` text NOT NULL,
	`condition` text,
	`difficulty` text NOT NULL,
	`item_type` text NOT NULL,
	`exams` text NOT NULL,
	`teaching_point` text NOT NULL,
	`body` text NOT NULL,
	`source` text NOT NULL,
	`model` text,
	`status` text DEFAULT 'active' NOT NULL,
	`open_reports` integer DEFAULT 0 NOT NULL,
	`seq` integer NOT NULL,
	`content_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `bank_items_pick_idx` ON `bank_items` (`kind`,`status`,`subject`,`difficulty`);--> statement-breakpoint
CREATE INDEX `bank_items_review_idx` ON `bank_items` (`status`,`open_reports`);--> statement-breakpoint
CREATE TABLE `bank_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`item_id` text NOT NULL,
	`user_id` text NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`resolved_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `bank_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_reports_user_item_unique` ON `bank_reports` (`item_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `bank_reports_open_idx` ON `bank_reports` (`resolved_at`,`item_id`);--> statement-breakpoint
CREATE TABLE `bank_terms` (
	`term` text NOT NULL,
	`item_id` text NOT NULL,
	`kind` text NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `bank_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_terms_unique` ON `bank_terms` (`term`,`kind`,`item_id`);--> statement-breakpoint
CREATE INDEX `bank_terms_item_idx` ON `bank_terms` (`item_id`);