"""The shared Streamlit pieces every page is built from, one concern per module.

- ``shell``: the app's page list, sidebar (language, projector, backend) and the translator of a run.
- ``links``: URL state (each control's short name in the address, one history entry per action);
  ``urlcheck``: the pure checks of a link's values and their message.
- ``numbers``: bounded number fields, integer entries, preset buttons; ``vector_field``: a vector typed as text;
  ``controls``: the method and ε controls.
- ``figure``: a figure dict on the page, redrawn in place (``chart``, ``lazy_chart``); ``chart``: what figures
  share (box, description, config, Streamlit's plotly element); ``layout``: picture-first order and the Sources
  section;
  ``tables``: markdown tables and a projection's readouts.
- ``literal``: user text shown as itself; ``component``: browser components, whose JavaScript lives in
  their ``assets/`` folders: ``figure``, ``live`` (the live drag), ``export`` (copy link, PNG/SVG/GIF),
  ``lesson_keys``, ``document``, ``reconnect``.

Page modules (``normviz/ui/<page>.py``) import the kit, never each other (the lesson and the exercises,
which compose pages, excepted); the kit imports no page module.
"""
