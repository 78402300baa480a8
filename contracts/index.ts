export * from "./forms/application";
export * from "./forms/contact";
export * from "./forms/feedback";
export { schemaOf, type SubmittedValues } from "./forms/schema";
export * from "./fields";
export * from "./response";
export * from "./success";
export * from "./analytics";
