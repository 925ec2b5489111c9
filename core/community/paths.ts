// The community's page addresses. Pure (the pages import it in the browser too).

/** A post's page (named route community.posts.show). */
export function postPath(id: number): string {
  return `/community/posts/${id}`;
}

/** A topic's feed page. */
export function topicPath(id: number): string {
  return `/community/topics/${id}`;
}
