export function MainPage() {
  return <div data-testid="main-page" />;
}
