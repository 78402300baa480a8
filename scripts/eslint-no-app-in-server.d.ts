import type { Rule } from "eslint";

export declare const noAppInServer: Rule.RuleModule;
