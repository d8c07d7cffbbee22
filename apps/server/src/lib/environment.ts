/** The variables configuration is read from (process.env, or what a test passes). */
export type Environment = Record<string, string | undefined>;
