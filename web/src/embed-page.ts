/** The embed page's entry. */
import './offline';
import './elements/embed-builder';
