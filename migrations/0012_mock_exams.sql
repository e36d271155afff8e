CREATE TABLE `mock_answers` (
	`attempt_id` text NOT NULL,
	`position` integer NOT NULL,
	`choice` integer,
	`marked` integer DEFAULT false NOT NULL,
	`seconds` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`attempt_id`, `position`),
	FOREIGN KEY (`attempt_id`) REFERENCES `mock_attempts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `mock_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`paper_id` text NOT NULL,
	`status` text NOT NULL,
	`section_index` integer DEFAULT 0 NOT NULL,
	`section_ends_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`started_at` integer NOT NULL,
	`submitted_at` integer,
	`correct_count` integer,
	`wrong_count` integer,
	`unattempted_count` integer,
	`score` real,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`paper_id`) REFERENCES `mock_papers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mock_attempts_user_idx` ON `mock_attempts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `mock_attempts_paper_score_idx` ON `mock_attempts` (`paper_id`,`status`,`score`);--> statement-breakpoint
CREATE TABLE `mock_papers` (
	`id` text PRIMARY KEY NOT NULL,
	`pattern` text NOT NULL,
	`length` text NOT NULL,
	`number` integer,
	`owner_id` text,
	`item_ids` text NOT NULL,
	`sections` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mock_papers_series_unique` ON `mock_papers` (`pattern`,`length`,`number`);