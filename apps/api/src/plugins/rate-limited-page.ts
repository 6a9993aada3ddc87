/**
 * What a browser is shown when its address asked for more pages than its allowance (429): a page a
 * person can read, in Arabic and English, rather than the API's JSON. Self-contained (no script, no
 * stylesheet to fetch: those requests would be refused too).
 */
export function rateLimitedPage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, retryAfterSeconds);
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>طلبات كثيرة — Too many requests · Kwenda</title>
<style>
  body { margin: 0; font-family: Tahoma, 'Segoe UI', Arial, sans-serif; background: #f4f7f6; color: #14213d; }
  main { max-width: 36rem; margin: 3rem auto; padding: 0 1rem; }
  section { background: #fff; border: 1px solid #d7dde5; border-radius: 8px; padding: 1.25rem 1.5rem; margin-block-end: 1rem; }
  h1 { font-size: 1.3rem; color: #0b5e55; margin: 0 0 0.5rem; }
  p { line-height: 1.6; margin: 0 0 0.75rem; }
  a { color: #0b5e55; font-weight: bold; }
</style>
</head>
<body>
<main>
<section lang="ar" dir="rtl">
<h1>طلبات كثيرة في وقت قصير</h1>
<p>طُلبت صفحات كثيرة من عنوانك خلال دقيقة واحدة. انتظر <span dir="ltr">${seconds}</span> ثانية ثم أعد تحميل الصفحة.</p>
<p><a href="/">العودة إلى الصفحة الرئيسية</a></p>
</section>
<section lang="en" dir="ltr">
<h1>Too many requests in a short time</h1>
<p>Many pages were requested from your address within one minute. Wait ${seconds} seconds, then reload the page.</p>
<p><a href="/?lang=en">Back to the home page</a></p>
</section>
</main>
</body>
</html>
`;
}
