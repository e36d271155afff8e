CREATE TABLE `assessment_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`topic` text NOT NULL,
	`requested_count` integer NOT NULL,
	`items` text DEFAULT '[]' NOT NULL,
	`item_count` integer DEFAULT 0 NOT NULL,
	`answers` text DEFAULT '[]' NOT NULL,
	`status` text NOT NULL,
	`source` text,
	`shortfall` text,
	`origin` text DEFAULT 'new' NOT NULL,
	`parent_id` text,
	`reservation_id` text,
	`version` integer DEFAULT 0 NOT NULL,
	`lease_until` integer,
	`score` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `assessment_attempts_user_kind_idx` ON `assessment_attempts` (`user_id`,`kind`,`created_at`);