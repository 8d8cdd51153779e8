/** The embed page's entry. */
import './elements/embed-builder';
