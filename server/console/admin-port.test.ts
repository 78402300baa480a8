/** ADMIN_PORT: the console leaves the public listener and answers on its own. */
import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { useBackend } from "../test-support/backends";
import { buildConsoleApp } from "./app";

describe("ADMIN_PORT", () => {
  const env = useBackend("sqlite", { ADMIN_PORT: "4399" });

  it("takes the console off the public server and serves it on its own listener", async () => {
    expect(env.config.admin.port).toBe(4399);
    const site = await buildApp(env.config, { serveSite: false });
    expect((await site.inject({ method: "GET", url: "/admin/api/me" })).statusCode).toBe(404);
    expect((await site.inject({ method: "GET", url: "/admin" })).statusCode).toBe(404);
    const internal = await buildConsoleApp(env.config, site.storage);
    const me = await internal.inject({ method: "GET", url: "/admin/api/me" });
    expect(me.statusCode).toBe(401);
    expect(me.headers["cache-control"]).toBe("no-store");
    expect(me.headers["strict-transport-security"]).toBeDefined();
    // The public API is not on the console's listener.
    expect((await internal.inject({ method: "POST", url: "/api/contact-us/create", payload: {} })).statusCode).toBe(
      404,
    );
    await internal.close();
    await site.close();
  });
});
