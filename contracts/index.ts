export * from "./application";
export * from "./contact";
export * from "./feedback";
export * from "./fields";
export * from "./response";
export * from "./success";
export * from "./analytics";
