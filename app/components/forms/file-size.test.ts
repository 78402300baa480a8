import { describe, expect, it } from "vitest";
import { fileSize } from "./file-size";

describe("fileSize", () => {
  it("reads whole kilobytes below a megabyte, never 0 KB for a file with bytes", () => {
    expect(fileSize(0)).toBe("0 KB");
    expect(fileSize(1)).toBe("1 KB");
    expect(fileSize(1536)).toBe("2 KB");
    expect(fileSize(1024 * 1023)).toBe("1023 KB");
  });
  it("reads megabytes with one decimal from 1 MB", () => {
    expect(fileSize(1024 * 1024)).toBe("1.0 MB");
    expect(fileSize(5 * 1024 * 1024 - 1)).toBe("5.0 MB");
    expect(fileSize(2.25 * 1024 * 1024)).toBe("2.3 MB");
  });
});
