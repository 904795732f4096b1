// The problems found in a command's flags, gathered so that every one is
// said at once (exit 2, each naming its flag).

import { ValidationError, type ValidationIssue } from '../errors.js';

export class FlagProblems {
  readonly issues: ValidationIssue[] = [];
  add(field: string, rule: string): undefined {
    this.issues.push({ field, rule });
    return undefined;
  }
  throwIfAny(): void {
    if (this.issues.length) throw new ValidationError(this.issues);
  }
}
