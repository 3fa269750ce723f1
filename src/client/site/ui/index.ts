/**
 * The public site's UI kit: everything src/client/site draws with (issue #54). Plain elements
 * styled by ui.module.css on Mantine's CSS variables, so the theme still decides sizes and colours
 * and a page costs the server no component library to render. Only the props the pages use; add
 * one when a page needs it. Mantine itself stays for the overlays that need its machinery (the
 * menu drawer, the gallery's lightbox) and for the back-office.
 */
export { Box, Center, Container, Grid, GridCol, Group, SimpleGrid, Stack, VisuallyHidden, type Columns } from './layout';
export { Anchor, anchorLook, Text, Title } from './text';
export { Button, ButtonGroup, ButtonLink, type ButtonLook } from './buttons';
export { Alert, Card, Loader, Paper } from './surfaces';
export { Textarea, TextInput } from './inputs';
export { Pagination } from './Pagination';
export { CmsButton, CmsLink } from './links';
export { QueryError } from './QueryError';
