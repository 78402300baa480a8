import type { Rule } from "eslint";

export declare const noCycleWithTypes: Rule.RuleModule;
