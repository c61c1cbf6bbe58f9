export default function Page() {
  return (
    <main>
      <h1>Bare Next.js page</h1>
      <p>One heading and one paragraph: what a page of this Next.js version costs at the least.</p>
    </main>
  )
}
