import { chromium } from "playwright-core";
const url = process.argv[2]; const out = process.argv[3] ?? "/tmp/shot.png";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-quic","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync"] });
const p = await b.newPage({ viewport: { width: Number(process.env.W ?? 1100), height: 800 } });
p.on("pageerror", e => console.log("PAGEERROR", e.message));
p.on("console", m => console.log("console", m.type(), m.text()));
await p.goto(url); await p.waitForTimeout(Number(process.env.WAIT ?? 1500));
if (process.env.CLICK) { await p.getByRole("link", { name: process.env.CLICK }).click(); await p.waitForTimeout(800); }
console.log("TITLE", await p.title()); console.log((await p.locator("body").innerText()).slice(0, 1500));
await p.screenshot({ path: out, fullPage: true }); await b.close();
