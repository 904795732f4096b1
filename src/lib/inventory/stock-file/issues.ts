// Reporting a stock file's problems: every bad line with its line number (as
// a spreadsheet shows them, header = line 1), the first 100 listed and the
// rest counted, as one ValidationError (exit 2) before anything is sent.

import { ValidationError, type ValidationIssue } from '../../errors.js';

/** Bad lines listed in full in a message; the rest are counted. */
export const MAX_LISTED_BAD_LINES = 100;

/**
 * The problems found so far, in line order: those of the first
 * MAX_LISTED_BAD_LINES bad lines are kept, later ones only counted, so a file
 * of millions of bad lines costs no more memory than one of a hundred.
 */
export class IssueLog {
  readonly listed: ValidationIssue[] = [];
  problems = 0;
  badLines = 0;
  private lastLine: number | undefined;

  add(issue: ValidationIssue): void {
    this.problems++;
    if (this.badLines === 0 || issue.line === undefined || issue.line !== this.lastLine) this.badLines++;
    this.lastLine = issue.line;
    if (this.badLines <= MAX_LISTED_BAD_LINES) this.listed.push(issue);
  }

  /** Throws ValidationError (exit 2) when anything was added. */
  throwIfAny(source: string): void {
    if (this.problems === 0) return;
    const error = new ValidationError(this.listed, source);
    const unlisted = this.badLines - MAX_LISTED_BAD_LINES;
    if (unlisted > 0) {
      error.message = `invalid input in ${source}: ${this.problems} problems on ${this.badLines} lines`;
      error.details.push(
        `… and ${unlisted} more bad line${unlisted === 1 ? '' : 's'} (the first ${MAX_LISTED_BAD_LINES} are listed)`,
      );
    }
    throw error;
  }
}
