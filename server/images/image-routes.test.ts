/**
 * The console's image API and /media against the real server on SQLite and PostgreSQL (decision
 * 063): marketing and admins upload, HR and sales are refused; an upload is judged by its bytes,
 * not its name or declared type; a phone's JPEG with GPS is served without any metadata; /media
 * answers immutable, typed, nosniff bytes with an ETag, and 404 for anything else; uploads and
 * focal points are audited by the image's id, never by the file's name.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageAnswer, mediaPath, type ImageAnswer } from "../../contracts/content/image";
import { buildApp } from "../app";
import { backends, useBackend } from "../test-support/backends";
import { signedInStaff } from "../test-support/staff";
import { deepStrict } from "../test-support/strict-schema";
import { hasGpsIfd, hugePng, phoneJpeg, svgLogo, twoColourPng } from "./test-images";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";
const strictImage = deepStrict(imageAnswer);

/** A browser's multipart body with one file under "file". */
function multipartOf(fileName: string, type: string, bytes: Buffer) {
  const boundary = "----altiva-test-boundary";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(backends)("the image API and /media on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  const clock = new Date("2026-11-23T09:00:00.000Z");
  const cookies = {} as Record<"marketing" | "admin" | "hr" | "sales", string>;

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
    await app.ready();
    for (const [role, name] of [
      ["marketing", "Mara Marketing"],
      ["admin", "Ada Admin"],
      ["hr", "Hana Recruiter"],
      ["sales", "Sol Vendas"],
    ] as const) {
      cookies[role] = (await signedInStaff(app.storage.db, { role, name }, clock)).cookie;
    }
  }, 60_000);
  afterAll(() => app.close());

  const upload = (fileName: string, type: string, bytes: Buffer, cookie = cookies.marketing) => {
    const { payload, contentType } = multipartOf(fileName, type, bytes);
    return app.inject({
      method: "POST",
      url: "/admin/api/content/images",
      headers: { cookie, origin, "content-type": contentType },
      payload,
    });
  };
  const uploaded = async (fileName: string, type: string, bytes: Buffer, cookie?: string): Promise<ImageAnswer> => {
    const res = await upload(fileName, type, bytes, cookie);
    expect(res.statusCode, res.body).toBe(201);
    return strictImage.parse(res.json().data);
  };
  const media = (path: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url: path, headers });

  it("serves a phone's JPEG with GPS without any metadata, from the address the metadata gives", async () => {
    const photo = await phoneJpeg(600, 400);
    expect(hasGpsIfd((await sharp(photo).metadata()).exif)).toBe(true);
    const image = await uploaded("IMG_2041.jpg", "image/jpeg", photo);
    for (const aspect of ["original", "16x9", "1x1"] as const) {
      for (const width of image.renditions[aspect].widths) {
        for (const format of ["avif", "webp"] as const) {
          const res = await media(mediaPath({ id: image.id, rev: image.rev, aspect, width, format }));
          expect(res.statusCode).toBe(200);
          const meta = await sharp(res.rawPayload).metadata();
          expect(meta.exif).toBeUndefined();
          expect(meta.xmp).toBeUndefined();
          expect(meta.width).toBe(width);
        }
      }
    }
  });

  it("answers /media immutable, typed, nosniff, with an ETag that a revalidation meets; anything else is 404", async () => {
    const image = await uploaded("wide.png", "image/png", await twoColourPng(800, 300));
    const path = mediaPath({ id: image.id, rev: image.rev, aspect: "16x9", width: 480, format: "avif" });
    const res = await media(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/avif");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers.etag).toBeTruthy();
    expect((await media(path.replace(".avif", ".webp"))).headers["content-type"]).toBe("image/webp");
    const again = await media(path, { "if-none-match": String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    for (const missing of [
      path.replace(image.rev, "00000000"),
      path.replace("-480.", "-960."), // wider than the crop: never made
      mediaPath({ id: "0".repeat(24), rev: image.rev, aspect: "16x9", width: 480, format: "avif" }),
      path.replace(".avif", ".png"),
      "/media/..%2f..%2fsite.db",
    ]) {
      const res404 = await media(missing);
      expect(res404.statusCode, missing).toBe(404);
      expect(res404.headers["cache-control"]).toBe("no-store");
    }
  });

  it("judges by content: a PNG named .jpg is taken as PNG, a text file named .png and an SVG are refused", async () => {
    const png = await uploaded("photo.jpg", "image/jpeg", await twoColourPng(500, 300));
    expect(png.sourceFormat).toBe("png");

    const text = await upload("logo.png", "image/png", Buffer.from("name,email\nAna,ana@example.com\n"));
    expect(text.statusCode).toBe(422);
    expect(text.json().message).toMatch(/not an image the site accepts/);

    const svg = await upload("logo.svg", "image/svg+xml", svgLogo);
    expect(svg.statusCode).toBe(422);
    expect(svg.json().message).toMatch(/SVG/);
  });

  it("refuses a decompression bomb by its header, and a file over 20 MB before reading it all", async () => {
    const bomb = await upload("bomb.png", "image/png", hugePng());
    expect(bomb.statusCode).toBe(422);
    expect(bomb.json().message).toMatch(/20000 × 20000 pixels/);
    const big = await upload("big.jpg", "image/jpeg", Buffer.alloc(20 * 1024 * 1024 + 1));
    expect(big.statusCode).toBe(413);
    const count = await app.storage.db
      .selectFrom("images")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const before = Number(count.n);
    await upload("bomb.png", "image/png", hugePng());
    const after = await app.storage.db
      .selectFrom("images")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(before);
  });

  it("gives HR and sales 403 on every image route; admins upload; the metadata and focal point answer by contract", async () => {
    const image = await uploaded("team.png", "image/png", await twoColourPng(800, 300), cookies.admin);
    const png = await twoColourPng(100, 100);
    for (const role of ["hr", "sales"] as const) {
      expect((await upload("x.png", "image/png", png, cookies[role])).statusCode).toBe(403);
      const get = await app.inject({
        method: "GET",
        url: `/admin/api/content/images/${image.id}`,
        headers: { cookie: cookies[role] },
      });
      expect(get.statusCode).toBe(403);
      const patch = await app.inject({
        method: "PATCH",
        url: `/admin/api/content/images/${image.id}`,
        headers: { cookie: cookies[role], origin },
        payload: { focal: { x: 0.2, y: 0.2 } },
      });
      expect(patch.statusCode).toBe(403);
    }
    const read = await app.inject({
      method: "GET",
      url: `/admin/api/content/images/${image.id}`,
      headers: { cookie: cookies.marketing },
    });
    expect(strictImage.parse(read.json().data)).toEqual(image);
    const moved = await app.inject({
      method: "PATCH",
      url: `/admin/api/content/images/${image.id}`,
      headers: { cookie: cookies.marketing, origin },
      payload: { focal: { x: 0.9, y: 0.5 } },
    });
    expect(moved.statusCode).toBe(200);
    expect(strictImage.parse(moved.json().data).focal).toEqual({ x: 0.9, y: 0.5 });
    const wrong = await app.inject({
      method: "PATCH",
      url: `/admin/api/content/images/${image.id}`,
      headers: { cookie: cookies.marketing, origin },
      payload: { focal: { x: 1.5, y: 0.5 } },
    });
    expect(wrong.statusCode).toBe(400);
    const preview = await app.inject({
      method: "GET",
      url: `/admin/api/content/images/variants/${image.id}-${strictImage.parse(moved.json().data).rev}-1x1-300.webp`,
      headers: { cookie: cookies.marketing },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["content-type"]).toBe("image/webp");

    const audit = await app.storage.db
      .selectFrom("audit_log")
      .select(["action", "staff_name", "detail"])
      .where("subject", "=", `image ${image.id}`)
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { action: "image uploaded", staff_name: "Ada Admin", detail: "PNG, 800 × 300" },
      { action: "image focal point", staff_name: "Mara Marketing", detail: "x 0.90, y 0.50" },
    ]);
    const names = await app.storage.db.selectFrom("audit_log").select("detail").execute();
    expect(names.map((n) => n.detail).join(" ")).not.toContain("team.png");
  });
});
