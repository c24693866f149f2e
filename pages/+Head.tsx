// https://vike.dev/Head
export default function Head() {
  return (
    <>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <meta name="theme-color" content="#c2410c" />
    </>
  );
}
