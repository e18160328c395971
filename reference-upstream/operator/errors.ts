// The two ways a command fails, which the CLI answers with different exit codes.

/** A command line that cannot be run as written: the CLI exits with 2. */
export class OperatorUsageError extends Error {}
/** A well-formed command the data refuses (unknown id, wrong state): the CLI exits with 1. */
export class OperatorStateError extends Error {}
