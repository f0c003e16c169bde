/** Small people.yaml and gallery.yaml files for the People and Gallery tests. */

export const PEOPLE_YAML = `
teams:
  - { slug: artistic, label: Artistic team, intro: Who chooses the plays. }
  - { slug: learning, label: "Learning & participation" }
people:
  - { slug: marianne-cole, name: Marianne Cole, role: Head of Learning, team: learning, bio_html: "<p>Marianne leads the learning team.</p>" }
  - { slug: priya-raman, name: Priya Raman, role: Artistic Director, team: artistic, portrait_url: /static/images/gallery/portrait-priya-raman.svg, bio_html: "<p>Priya <em>directs</em>.</p>" }
  - { slug: tom-brennan, name: Tom Brennan, role: Schools Programme Manager, team: learning, bio_html: "<p>Tom books schools.</p>" }
`;

export const GALLERY_YAML = `
galleries:
  - slug: macbeth
    title: Macbeth
    summary: In rehearsal.
    items:
      - { src: /media/witches.jpg, thumb: /media/witches-thumb.jpg, alt: The witches, caption: "The witches & the heath", caption_url: /media/witches.html }
      - { video: { src: /media/trailer.webm, type: video/webm }, poster: /media/poster.jpg, thumb: /media/poster.jpg, alt: Trailer, width: 1280, height: 720, caption_html: "<strong>Trailer</strong>" }
  - slug: posters
    title: Posters
    items:
      - { src: /media/poster-1.svg, thumb: /media/poster-1.svg, alt: A poster }
`;
