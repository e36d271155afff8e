CREATE TABLE `case_studies` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`specialty` text NOT NULL,
	`subject` text NOT NULL,
	`difficulty` text NOT NULL,
	`setting` text NOT NULL,
	`patient_name` text NOT NULL,
	`patient_age` text NOT NULL,
	`patient_sex` text NOT NULL,
	`body` text NOT NULL,
	`content_hash` text NOT NULL
);
